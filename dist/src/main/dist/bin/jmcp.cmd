@echo off
rem Starts jmcp on Windows with the Java runtime bundled in this distribution (never the java on PATH or JAVA_HOME).
rem Extra JVM options: JAVA_OPTS, then JMCP_OPTS (later ones win). The counterpart of bin/jmcp; nothing is printed on
rem standard output but what jmcp writes (in stdio mode that is the protocol). Needs a distribution built on Windows:
rem runtime\ is a jlink image of the build machine's JDK.
setlocal
for %%i in ("%~dp0..") do set "HOME_DIR=%%~fi"
set "JAVA=%HOME_DIR%\runtime\bin\java.exe"
if not exist "%JAVA%" (
  1>&2 echo jmcp: no Java runtime at "%JAVA%"; rebuild the distribution ^(mvn package^)
  exit /b 1
)

rem JVM log lines go to standard error; a stale AOT cache is simply not used.
set "OPTS=-Xlog:disable -Xlog:all=warning,aot=off,cds=off:stderr"
rem G1 with a periodic collection when idle, as bin/jmcp, unless the user picked a collector (an option ending in GC,
rem such as -XX:+UseSerialGC).
set "USER_OPTS= %JAVA_OPTS% %JMCP_OPTS% "
if "%USER_OPTS:GC =%"=="%USER_OPTS%" set "OPTS=%OPTS% -XX:+UseG1GC -XX:G1PeriodicGCInterval=5000"
rem Classes loaded and linked ahead of time, trained at build time (valid while lib\ keeps its files' times); the
rem training's compilations are not replayed at start, as in bin/jmcp.
set "AOT="
if exist "%HOME_DIR%\lib\jmcp.aot" set "AOT=-XX:AOTCache=%HOME_DIR%\lib\jmcp.aot"

if defined AOT (
  "%JAVA%" %OPTS% "%AOT%" -XX:+UnlockDiagnosticVMOptions -XX:-AOTReplayTraining %JAVA_OPTS% %JMCP_OPTS% -cp "%HOME_DIR%\lib\*" dev.jmcp.cli.Jmcp %*
) else (
  "%JAVA%" %OPTS% %JAVA_OPTS% %JMCP_OPTS% -cp "%HOME_DIR%\lib\*" dev.jmcp.cli.Jmcp %*
)
exit /b %ERRORLEVEL%
